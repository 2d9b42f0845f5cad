/** What a team or account action said: an error (read out at once) or a confirmation. */
export interface NoticeMessage {
  kind: 'error' | 'info';
  text: string;
}

export function Notice({ message }: { message: NoticeMessage | null }) {
  if (!message) return null;
  return (
    <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert alert-${message.kind}`}>
      {message.text}
    </p>
  );
}
