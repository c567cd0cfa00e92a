import type { LoaderFunctionArgs } from "react-router";
import { answerCvFile } from "~/features/cv/files-api.server";
import { jsonResource } from "~/lib/json-api.server";

/** GET or POST /api/cvs/{id}/pdf, /docx, /json and /ats-check?job={slug}; GET /pages/{n} (docs/features/cv-builder.md). */
const files = jsonResource("CV file", { GET: answerCvFile, POST: answerCvFile });
const pages = jsonResource("CV page", { GET: answerCvFile });
const endpoint = (args: LoaderFunctionArgs) => (args.pattern.endsWith("/pages/:page") ? pages : files)(args);

export { endpoint as loader, endpoint as action };
