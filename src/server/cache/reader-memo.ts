/**
 * Each reader's own part of a shared answer (their votes in a discussion,
 * their Global Rankings submission), kept beside the shared copy it was read
 * with: whatever drops that copy drops these too, so they are never older
 * than it. A failed load is forgotten; past `max` readers all are.
 */
export type ReaderMemo<T> = (readerId: string, load: () => Promise<T>) => Promise<T>;

export function readerMemo<T>(max = 5_000): ReaderMemo<T> {
  const answers = new Map<string, Promise<T>>();
  return (readerId, load) => {
    let answer = answers.get(readerId);
    if (!answer) {
      if (answers.size >= max) answers.clear();
      answer = load();
      answers.set(readerId, answer);
      answer.catch(() => answers.delete(readerId));
    }
    return answer;
  };
}
