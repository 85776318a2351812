import { describe, expect, it } from "vitest";
import { downloadFile } from "./download-rules.ts";

const list = {
  name: "Best of Borneo",
  description: "",
  tags: ["season-ranking"],
  kind: "seasons" as const,
  items: [{ id: "s1", name: "Survivor: Borneo", isSeason: true, seasonName: "Survivor: Borneo" }],
};

describe("downloadFile", () => {
  it("names, types and fills each format's file", () => {
    expect(downloadFile(list, "text")).toEqual({
      fileName: "best-of-borneo.txt",
      type: "text/plain;charset=utf-8",
      content: "1. Survivor: Borneo\n",
    });
    expect(downloadFile(list, "csv")).toMatchObject({
      fileName: "best-of-borneo.csv",
      type: "text/csv;charset=utf-8",
    });
    const json = downloadFile(list, "json");
    expect(json.fileName).toBe("best-of-borneo.json");
    expect(JSON.parse(json.content)).toMatchObject({
      format: "survivor-rankings/list",
      version: 1,
      tags: [],
    });
  });
});
