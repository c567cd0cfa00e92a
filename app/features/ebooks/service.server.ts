import type { Config } from "~/lib/env.server";
import { serverSecret } from "~/lib/secret.server";
import { provides } from "~/lib/service";
import { Signer } from "~/lib/signer.server";
import { ebookLinksContext } from "./context";

/** The e-books' part of the running server: the signer of their download links. */
export const startEbooks = (config: Config) =>
  provides(ebookLinksContext, new Signer(serverSecret(config), "ebook-download"));
