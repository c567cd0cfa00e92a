import { TEMPLATES, type TemplateId } from "~/features/cv/document";
import { sampleThumbnail } from "~/features/cv/files.server";
import { jsonResource, refused } from "~/lib/json-api.server";

/** GET /api/cv-samples/{template}: the first page of the sample CV in a template, 300 pixels wide (the same for everyone). */
const endpoint = jsonResource("CV sample", {
  GET: async ({ params }) => {
    const template = params.template as TemplateId;
    if (!TEMPLATES.includes(template)) return refused(404, "There is no such template");
    const png = await sampleThumbnail(template);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": "public, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});

export { endpoint as loader, endpoint as action };
