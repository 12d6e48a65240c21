/**
 * A stored file's name: a random id and the extension of the sniffed type. The uploaded
 * name is never used (it is the uploader's choice: paths, control characters, a ".php"),
 * nor kept in the key.
 */
export function storedName(extension: string, randomId: string = crypto.randomUUID()): string {
  if (!/^[a-z0-9]{2,5}$/.test(extension)) throw new Error(`Not a stored file extension: ${extension}`);
  if (!/^[A-Za-z0-9-]{16,64}$/.test(randomId)) throw new Error("A stored name needs a random id");
  return `${randomId.toLowerCase()}.${extension}`;
}
