// How the web tests (test-page, test-vite-example) start a browser and wait on a page: on
// conditions, never for a fixed time. A limit only bounds a hang, so it is generous: on the
// project's 2-core machine, shared with builds and a self-play campaign (load 10..18), the
// page tests take 4x their idle time, and puppeteer's defaults (30 s for a browser's start, a
// navigation and a waitForFunction; 180 s for one protocol call) are not a hang's measure
// there. A wait that runs out says what it waited for and where the page was (describe).
'use strict';

// One wait's bound: a hang, not a slow machine. Under ctest's TIMEOUT of each test (600 s), so
// that a hang is reported by the wait that hung, with its message, not by ctest's kill.
const kHangLimitMs = 240000;

// puppeteer.launch's options for Debian's chromium or firefox-esr (WebDriver BiDi).
function launchOptions(browserName, executable) {
  const common = {executablePath: executable, headless: true, timeout: kHangLimitMs, protocolTimeout: kHangLimitMs};
  if (browserName === 'firefox') return {...common, browser: 'firefox'};
  // As root (CI, this machine) Chromium runs only without its sandbox.
  return {...common, args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : []};
}

// A page's waits: every puppeteer call on it bounded by kHangLimitMs (navigation included);
// until() waits for a condition in the page (a function of the page's state, polled), step()
// for a long call (an evaluate that awaits the engine). describe(): a line saying where the
// page is, for the failure message.
function waitsFor(page, describe = async () => '') {
  page.setDefaultTimeout(kHangLimitMs);
  page.setDefaultNavigationTimeout(kHangLimitMs);
  const failed = async (what, error) => {
    let state = '';
    try {
      state = await Promise.race([describe(), new Promise((resolve) => setTimeout(resolve, 10000, '(the page does not answer)'))]);
    } catch (e) {
      state = '(the page does not answer: ' + e.message + ')';
    }
    return new Error(`waiting for ${what}: ${error.message.split('\n')[0]}${state ? '; the page: ' + state : ''}`);
  };
  return {
    async until(what, predicate, ...args) {
      try {
        return await page.waitForFunction(predicate, {timeout: kHangLimitMs, polling: 50}, ...args);
      } catch (error) {
        throw await failed(what, error);
      }
    },
    async step(what, call) {
      try {
        return await call();
      } catch (error) {
        throw await failed(what, error);
      }
    },
  };
}

module.exports = {kHangLimitMs, launchOptions, waitsFor};
