import { defineConfig } from 'vite'

// The SPA is served by the BFF (one origin). In development, `vite` proxies /bff and /api to it.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // react-router marks modules "use client" for React Server Components; irrelevant in an SPA.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
  server: {
    proxy: { '/bff': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000' },
  },
})
