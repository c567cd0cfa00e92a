import { data } from "react-router";
import { NotFound } from "~/components/status-pages";

/** Any path the product does not have. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
