/** What a team or account action said: an error (read out at once) or a confirmation. */
export interface NoticeMessage {
  kind: 'error' | 'info';
  text: string;
  /** What the server answered in its own terms (a status and code), for whoever asks: kept out of the sentence. */
  title?: string;
}

export function Notice({ message }: { message: NoticeMessage | null }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={`alert alert-${message.kind}`}
      title={message.title}
    >
      {message.text}
    </p>
  );
}
