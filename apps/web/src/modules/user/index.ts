/** Public parts of the user module: API tokens for Minha conta. */
export { ApiTokens } from './ApiTokens';
