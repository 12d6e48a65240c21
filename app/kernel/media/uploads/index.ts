/** Uploads are hostile until proven otherwise: the pure checks every stored file passes (ADR 40). */
export { checkUpload, sizeRefusal, type UploadCheck } from "./check-upload";
export { imageDimensions, type Dimensions } from "./dimensions";
export { PHOTO_PIXEL_LIMITS, UPLOAD_LIMITS, withinPixelLimits, type UploadPurpose } from "./limits";
export { tooManyPixelsMessage, UPLOAD_MESSAGES } from "./messages";
export { sniff, TYPES as UPLOAD_TYPES, type FileType } from "./sniff";
export { storedName } from "./stored-name";
