/** The document form's title limit, without zod: the studio pages' JavaScript uses it (studio-documents.ts parses, on the server). */
export const DOCUMENT_TITLE_MAX = 200;
