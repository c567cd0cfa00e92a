import type { Db } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import type { Limit } from "~/lib/rate-limit";
import type { ContactInput } from "./schema";

/** Enquiries each client address may send in a window. */
export const CONTACT_LIMIT: Limit = { max: 5, windowSeconds: 60 * 60 };

export const contactRateKey = (ip: string) => `contact:ip:${ip}`;

/** Stores an enquiry; `universityId` when sent from a microsite, `userId` when the sender is logged in. */
export async function insertEnquiry(
  db: Db,
  input: ContactInput,
  origin: { universityId: number | null; userId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      universityId: origin.universityId,
      userId: origin.userId,
    })
    .returning({ id: enquiries.id });
  return row!.id;
}
