/**
 * HTML from the content service. Only ever pass `*Html` fields read through
 * `context.content`, which sanitizes them (app/kernel/store/content/sanitize.server.ts).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}
