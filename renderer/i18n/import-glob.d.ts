// Vite's import.meta.glob, as the catalogues use it (the renderer's tsconfig loads no Vite types).
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
}
