/** Auth: login, logout, refresh, register, confirm and password reset (`/api/auth/*`). */
export { authRoutes } from './routes';
