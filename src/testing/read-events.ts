/** Reads a streaming response's Server-Sent Events until `until` matches or `ms` have passed; the text read. */
export async function readEvents(res: Response, until: (events: string[]) => boolean, ms = 5000) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value);
    if (until(text.split("\n\n"))) break;
  }
  await reader.cancel();
  return text;
}
