import { renderToStaticMarkup } from "react-dom/server";
import { MyDataView } from "./components/MyDataView";
import type { MyData } from "./my-data";
import myDataStyles from "./styles/my-data.css?raw";

/** The page around the view: a plain, readable document on its own (no site styles reach a saved file). */
const FILE_STYLES = `
body { margin: 0; padding: 1.5rem 1rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b1f1d; background: #fff; }
main { max-width: 48rem; margin: 0 auto; }
h1 { margin: 0 0 0.5rem; font-size: 1.6rem; }
@media print { body { padding: 0; } }
`;

/**
 * "Download my data" as a page to keep or print (docs/requirements.md §8.2): one self-contained
 * HTML file, the same view as /account/data with its styles inline, no script and no link back
 * to the site (a file travels; ADR 56). React escapes every value the member or anyone typed.
 */
export function myDataHtml(data: MyData): string {
  const title = `Data held about ${data.member.fullName}`;
  const page = (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: FILE_STYLES + myDataStyles }} />
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <MyDataView data={data} />
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
