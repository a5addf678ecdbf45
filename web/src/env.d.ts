// Stylesheets are bundled by Vite; importing one has no value in TypeScript.
declare module '*.css';
