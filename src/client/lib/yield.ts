// Lets the browser paint and handle input before the next step of a long piece of work: the rest
// runs in a new task. scheduler.yield() where the browser has it (it keeps the work's priority),
// else a message to self (not setTimeout, which browsers may clamp to 4 ms or more).
interface Scheduler {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
