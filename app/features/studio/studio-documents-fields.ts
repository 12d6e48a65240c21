/** The document form's title limit, without zod: the studio pages' JavaScript uses it (studio-documents.ts parses, on the server). */
export const DOCUMENT_TITLE_MAX = 200;

/** What the document forms' file pickers offer (upload and replace): the kinds the server accepts (app/kernel/media/uploads). */
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,image/jpeg,image/png,image/webp,image/gif";
