// The message catalogs under a folder (web/i18n: <lang>/<area>.json), one message at a time in
// a stable order: {lang, area, name, message}. Read by catalog_args.mjs and
// message_format_check.mjs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function* catalogMessages(root) {
  for (const lang of readdirSync(root).sort()) {
    const dir = join(root, lang);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
      const data = JSON.parse(readFileSync(join(dir, file), "utf8"));
      for (const [name, message] of Object.entries(data)) {
        yield { lang, area: file.slice(0, -5), name, message: String(message) };
      }
    }
  }
}
