// Vite bundles side-effect CSS imports; the console's tsconfig has no Vite client types.
declare module '*.css';
