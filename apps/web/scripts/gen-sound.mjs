// Writes public/notification.wav: a short two-tone chime, 8 kHz mono 8-bit PCM (no network).
import { writeFileSync } from 'node:fs';
const rate = 8000;
const tones = [
  [880, 0.09],
  [1320, 0.14],
];
const samples = [];
for (const [freq, secs] of tones) {
  const n = Math.round(rate * secs);
  for (let i = 0; i < n; i++) {
    const env = Math.min(1, i / 80) * (1 - i / n);
    samples.push(Math.round(128 + 90 * env * Math.sin((2 * Math.PI * freq * i) / rate)));
  }
}
const data = Buffer.from(samples);
const h = Buffer.alloc(44);
h.write('RIFF', 0);
h.writeUInt32LE(36 + data.length, 4);
h.write('WAVE', 8);
h.write('fmt ', 12);
h.writeUInt32LE(16, 16);
h.writeUInt16LE(1, 20);
h.writeUInt16LE(1, 22);
h.writeUInt32LE(rate, 24);
h.writeUInt32LE(rate, 28);
h.writeUInt16LE(1, 32);
h.writeUInt16LE(8, 34);
h.write('data', 36);
h.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../public/notification.wav', import.meta.url), Buffer.concat([h, data]));
console.log('notification.wav', 44 + data.length, 'bytes');
