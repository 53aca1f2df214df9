/** The text of the user message that carries a summary into the context: `[Summary of earlier conversation: …]`. */
export function summaryContent(text: string): string {
  return `[Summary of earlier conversation: ${text}]`;
}
