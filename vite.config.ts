import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

const api = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), precompress()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    // Source maps are not published: they would hand out the source.
    sourcemap: false,
    // Read by scripts/check-bundle-budget.ts to follow each page's chunks.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/media": api },
  },
});
