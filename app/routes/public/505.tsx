import { ServerErrorContent } from "~/components/status-pages";

export function loader() {
  return null;
}

export default function ServerErrorRoute() {
  return <ServerErrorContent />;
}
