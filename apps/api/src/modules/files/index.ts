/** Uploaded files: saving an upload (pictures, logos, product photos) and serving it (`/api/files`); images decoded, bounded and re-encoded (image.ts). */
export { readUpload, saveUpload, uploadedFile } from './store';
export { fileRoutes } from './serve';
export { storedFiles } from './schema';
export { IMAGE_MAX_EDGE, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, INVALID_IMAGE, type ImagePurpose, dataUrlBytes, pdfImage, storablePngDataUrl } from './image';
