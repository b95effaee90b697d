/** Where the chat widget mounts; an empty, labelled placeholder for now. */
export function ChatWidgetSlot() {
  return <div data-testid="chat-widget-slot" aria-label="Chat" className="chat-widget-slot" />;
}
