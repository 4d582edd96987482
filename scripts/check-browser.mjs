// Stops the test command early, with one clear instruction, when no Chromium or Chrome is installed.
import { chromiumPath } from './chromium.mjs';

if (!chromiumPath()) {
  console.error('No Chromium or Chrome found. Install it with:  sudo apt-get install -y chromium');
  console.error('(or point CHROME_PATH at a Chrome or Chromium binary), then run the tests again.');
  process.exit(1);
}
