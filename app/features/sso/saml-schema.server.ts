import { validateXML } from "xmllint-wasm";
import xmlSchemaDtd from "./saml-schemas/XMLSchema.dtd?raw";
import datatypesDtd from "./saml-schemas/datatypes.dtd?raw";
import assertion from "./saml-schemas/saml-schema-assertion-2.0.xsd?raw";
import protocol from "./saml-schemas/saml-schema-protocol-2.0.xsd?raw";
import xenc from "./saml-schemas/xenc-schema.xsd?raw";
import xmldsig from "./saml-schemas/xmldsig-core-schema.xsd?raw";

// The schemas the protocol schema imports, under the names its imports give them.
const PRELOAD = [
  { fileName: "saml-schema-assertion-2.0.xsd", contents: assertion },
  { fileName: "xmldsig-core-schema.xsd", contents: xmldsig },
  { fileName: "xenc-schema.xsd", contents: xenc },
  { fileName: "XMLSchema.dtd", contents: xmlSchemaDtd },
  { fileName: "datatypes.dtd", contents: datatypesDtd },
];

/**
 * samlify's schema validator: resolves when `xml` is a SAML protocol message as the SAML 2.0 schemas
 * define it, and rejects otherwise. libxml2 (2.13, compiled to WebAssembly) runs in a worker thread of
 * its own for each document, so nothing of it outlives the check: the package used before kept each
 * document's 16 MB of memory and a listener per check for good, one of which ended the server when
 * its output next drained (docs/decisions/0012-saml-schema-validation.md).
 */
export async function validateSamlSchema(xml: string): Promise<string> {
  const result = await validateXML({
    xml: [{ fileName: "message.xml", contents: xml }],
    schema: [{ fileName: "saml-schema-protocol-2.0.xsd", contents: protocol }],
    preload: PRELOAD,
  });
  if (!result.valid) throw new Error("ERR_EXCEPTION_VALIDATE_XML");
  return "SUCCESS_VALIDATE_XML";
}
