import type { z } from "zod";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * What an action answers when it shows its form again: each field's error, one for the whole form,
 * and what was typed (`V`, the names of the inputs kept, where they differ from the fields checked).
 */
export type FormAnswer<K extends string, V extends string = K> = {
  fieldErrors: FieldErrors<K>;
  formError: string | null;
  values?: Partial<Record<V, string>>;
};

export type Validation<T, K extends string = string> =
  | { success: true; data: T }
  | { success: false; fieldErrors: FieldErrors<K> };

/**
 * The one way a form, a query or a JSON body is checked: the schema's output, or the first
 * message of each field (a field is the first element of an issue's path). Runs in the browser
 * too, so a page can judge answers as the server will.
 */
export function validate<S extends z.ZodType, K extends string = string>(
  schema: S,
  raw: unknown,
): Validation<z.output<S>, K> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: FieldErrors<K> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "") as K] ??= issue.message;
  return { success: false, fieldErrors };
}

/** Field errors in the order a form shows its fields, as the error summary lists them. */
export function errorList<K extends string>(
  errors: FieldErrors<K>,
  order: readonly K[],
): { field: K; message: string }[] {
  return order.filter((f) => errors[f]).map((f) => ({ field: f, message: errors[f]! }));
}
