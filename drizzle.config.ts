import { defineConfig } from "drizzle-kit";

// Generates SQL from the schema only; it never connects to a database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
});
