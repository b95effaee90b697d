/** Where the chat widget mounts (SPEC §2); empty until a widget is configured, so it names nothing. */
export function ChatWidgetSlot() {
  return <div data-testid="chat-widget-slot" className="chat-widget-slot" />;
}
