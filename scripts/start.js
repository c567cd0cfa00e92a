import { ensureBuild } from "./ensure-build.js";

process.env.NODE_ENV ??= "production";
ensureBuild();
await import("../server.js");
