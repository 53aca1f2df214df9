/** One message of the chat: its text parts, and its tool parts as a one-line summary. */
import { isToolUIPart, type UIMessage } from 'ai';

/** How a tool part shows: the tool, its state and the size of its output. */
function toolLine(part: Extract<UIMessage['parts'][number], { toolCallId: string }>): string {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  if (part.state === 'output-error') return `${name}: ${part.errorText}`;
  if (part.state !== 'output-available') return `${name}: ${part.state}`;
  const output = typeof part.output === 'string' ? part.output : JSON.stringify(part.output);
  return `${name}: ${output.length.toLocaleString('en-US')} characters`;
}

/** A message as a list item; `data-role` and `data-id` for tests and styles. */
export function MessageView(props: { message: UIMessage }) {
  const { message } = props;
  return (
    <li className={`message ${message.role}`} data-role={message.role} data-id={message.id}>
      {message.parts.map((part, i) => {
        const key = `${message.id}-${i}`;
        if (part.type === 'text')
          return (
            <p key={key} className="text">
              {part.text}
            </p>
          );
        if (isToolUIPart(part))
          return (
            <p key={key} className="tool" data-state={part.state}>
              {toolLine(part)}
            </p>
          );
        return null;
      })}
    </li>
  );
}
