import { z } from "zod";
import { checkText, type TextRule } from "./text-rules.ts";

/** A string under the shared text rule: it parses to the text as stored, or fails with the rule's message. */
export function textSchema(rule: TextRule) {
  const string = rule.messages.empty ? z.string({ error: rule.messages.empty }) : z.string();
  return string.transform((raw, ctx) => {
    const checked = checkText(raw, rule);
    if (checked.ok) return checked.text;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });
}
