import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/cih/standard"), label: "Video library" },
  { to: href("/cih/premium"), label: "Premium courses" },
  { to: href("/cih/saved-videos"), label: "Saved videos" },
];

export default function CareerHubArea() {
  return <AreaLayout label="Career hub" links={LINKS} />;
}
