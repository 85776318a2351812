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
    rolldownOptions: {
      output: {
        // Everything the entry needs in one file: left to itself the bundler
        // split what lazy screens share with the entry into a handful of
        // tiny files, each a request of its own in front of the first paint
        // (a phone on a slow network pays a round trip per six of them).
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/media": api },
  },
});
