import { href } from "react-router";
import { AreaLayout } from "~/components/area-layout";

const LINKS = [
  { to: href("/my-cvs"), label: "My CVs" },
  { to: href("/choose-template"), label: "Choose a template" },
  { to: href("/create-cv"), label: "Write" },
  { to: href("/cv-preview"), label: "Preview" },
  { to: href("/download-cv"), label: "Download" },
];

export default function CvBuilderArea() {
  return <AreaLayout label="CV builder" links={LINKS} />;
}
