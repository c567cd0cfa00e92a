import { answerPhoto, answerPhotoDelete, answerPhotoUpload } from "~/features/cv/files-api.server";
import { jsonResource } from "~/lib/json-api.server";

/** GET, PUT (the image as the body, Content-Type image/jpeg or image/png) and DELETE /api/cvs/{id}/photo. */
const endpoint = jsonResource("CV photo", { GET: answerPhoto, PUT: answerPhotoUpload, DELETE: answerPhotoDelete });

export { endpoint as loader, endpoint as action };
