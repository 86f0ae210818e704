/** Three dots while the assistant works, with words for screen readers. */
export function TypingIndicator({ label }: { label: string }) {
  return (
    <div class="typing" role="status">
      <i aria-hidden="true" />
      <i aria-hidden="true" />
      <i aria-hidden="true" />
      <span class="sr">{label}</span>
    </div>
  );
}
