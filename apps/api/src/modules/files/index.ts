/** Uploaded files: saving an upload (pictures, logos, product photos) and serving it (`/api/files`). */
export { fileRoutes, saveUpload, uploadedFile } from './store';
