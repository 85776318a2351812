import { defineConfig } from "vitest/config";

const postgres = process.env.TEST_DATABASE_URL;

// The server suite runs twice when TEST_DATABASE_URL is set: once on an
// in-memory PGlite, once on a real PostgreSQL (a fresh database per file).
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: "pglite",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          env: { TEST_DB_KIND: "pglite" },
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["src/server/**/*.test.ts"],
                env: { TEST_DB_KIND: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
