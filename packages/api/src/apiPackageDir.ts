// The API package's folder, found the same way from src/ (run through tsx) and from dist/server.js
// (the production build, everything in one file): both sit one level below it.
export const apiPackageDir = new URL('../', import.meta.url);
