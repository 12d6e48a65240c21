/** Uploads are hostile until proven otherwise: the pure checks every stored file passes (ADR 40). */
export { checkUpload, sizeRefusal, type UploadCheck } from "./check-upload";
export { UPLOAD_LIMITS, type UploadPurpose } from "./limits";
export { UPLOAD_MESSAGES } from "./messages";
export { sniff, TYPES as UPLOAD_TYPES, type FileType } from "./sniff";
export { storedName } from "./stored-name";
