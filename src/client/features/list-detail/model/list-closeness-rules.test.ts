import { describe, expect, it } from "vitest";
import { closenessPercent, consensusPathFor } from "./list-closeness-rules.ts";

describe("list closeness rules", () => {
  it("rounds the closeness to a whole percentage", () => {
    expect(closenessPercent(0)).toBe("0%");
    expect(closenessPercent(0.734)).toBe("73%");
    expect(closenessPercent(0.735)).toBe("74%");
    expect(closenessPercent(1)).toBe("100%");
  });

  it("links to the consensus slice the list was compared with", () => {
    expect(consensusPathFor("seasons", "all")).toBe("/consensus?kind=seasons");
    expect(consensusPathFor("castaways", "all")).toBe("/consensus?kind=castaways");
    expect(consensusPathFor("castaways", "season-45")).toBe("/consensus?kind=castaways&slice=season-45");
  });
});
