// Svelte's settings for svelte-check and the Vite plugin: the defaults (Svelte 5 reads TypeScript itself).
export default {};
