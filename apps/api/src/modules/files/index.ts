/** Uploaded files: saving an upload (pictures, logos, product photos) and serving it (`/api/files`). */
export { fileRoutes, readUpload, saveUpload, uploadedFile } from './store';
