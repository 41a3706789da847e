"""End to end in a real headless Chromium: open an essay, reject a span, add a missed name by
selecting it, apply it batch-wide, decide a sensitive mark, approve, then release with
--require-approved and read the published text.

Skips (with the reason) where Chromium, its driver or Selenium is missing; `.ci/run` installs
them. Screenshots go to $SWEPSEUDO_SCREENSHOTS (docs/ when refreshing the README's) or to the
test's temporary directory.
"""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import uvicorn

from pseudonymize.corpus import release as rel
from pseudonymize.engine import Engine
from pseudonymize.review.app import create_app
from pseudonymize.review.workspace import Workspace
from tests.pseudonymize.review.conftest import MISSED, TOKEN

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--window-size=1400,820")

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (CHROMIUM and DRIVER):
    pytest.skip("no Chromium/chromedriver (apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as ec  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

# names kept: the texts are looked up by essay id
SAME = {"keep_ids": True}


@pytest.fixture
def server(ws_path: Path, engine: Engine) -> Iterator[str]:
    """The app on a free loopback port, as `review serve` runs it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(Workspace(ws_path), engine, TOKEN),
                                           access_log=False, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/?token={TOKEN}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
    yield driver
    driver.quit()


def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("SWEPSEUDO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def click(wait: WebDriverWait, find: Callable) -> None:
    """Click what `find(driver)` returns, again if the page redrew it meanwhile."""
    def attempt(driver: webdriver.Chrome) -> bool:
        find(driver).click()
        return True
    wait.until(attempt)


def open_essay(driver: webdriver.Chrome, wait: WebDriverWait, essay_id: str) -> None:
    click(wait, lambda d: d.find_element(
        By.XPATH, f"//ol[@id='list']/li[span[@class='eid' and text()='{essay_id}']]"))
    wait.until(ec.text_to_be_present_in_element((By.ID, "e-title"), essay_id))


def span(driver: webdriver.Chrome, surface: str):  # noqa: ANN201 - a WebElement
    return driver.find_element(By.XPATH, f"//div[@id='orig']/mark[text()='{surface}']")


def key(driver: webdriver.Chrome, keys: str) -> None:
    webdriver.ActionChains(driver).send_keys(keys).perform()


def test_review_in_the_browser_then_release(tmp_path: Path, server: str, browser, batch: Path,
                                            ws_path: Path, engine_snapshot: Path) -> None:
    out = shots(tmp_path)
    wait = WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,))
    browser.get(server)
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#list li")))
    browser.find_element(By.ID, "reviewer").send_keys("ada")
    browser.find_element(By.ID, "reviewer").send_keys("\t")
    Select(browser.find_element(By.ID, "f-order")).select_by_value("id")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#list li .eid").text == "e01")

    # e03: reject the false name "Igår" with the keyboard (click selects, r rejects)
    open_essay(browser, wait, "e03")
    click(wait, lambda d: span(d, "Igår"))
    key(browser, "r")
    wait.until(lambda d: d.find_element(By.ID, "pseudo").text.startswith("Igår kom"))
    assert "rejected" in span(browser, "Igår").get_attribute("class")

    # select the missed name in the original text, add it, then apply it batch-wide
    browser.execute_script("""
        const node = [...document.querySelectorAll('#orig span')]
            .find(s => s.textContent.includes(arguments[0]));
        const text = node.firstChild, at = text.data.indexOf(arguments[0]);
        const range = document.createRange();
        range.setStart(text, at); range.setEnd(text, at + arguments[0].length);
        getSelection().removeAllRanges(); getSelection().addRange(range);
        node.dispatchEvent(new MouseEvent('mouseup', {bubbles: true, clientX: 300, clientY: 200}));
    """, MISSED)
    wait.until(ec.visibility_of_element_located((By.ID, "add-label")))
    Select(browser.find_element(By.ID, "add-label")).select_by_visible_text("firstname_female")
    browser.find_element(By.ID, "add-go").click()
    batch_wide = wait.until(ec.element_to_be_clickable(
        (By.XPATH, "//div[@id='popup']//button[contains(., 'whole batch')]")))
    assert "add all 1" in batch_wide.text  # e02 still has it unmarked
    browser.save_screenshot(str(out / "review-add.png"))
    batch_wide.click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "toast"), "added 1"))
    assert MISSED not in browser.find_element(By.ID, "pseudo").text
    key(browser, "A")  # approve; the page moves on to the next essay
    wait.until(ec.text_to_be_present_in_element((By.ID, "progress"), "1 / 3 approved"))

    # e01 (opened by the approval): decide its marks (replace the sensitive one, keep the
    # family word), approve by mouse
    wait.until(ec.text_to_be_present_in_element((By.ID, "e-title"), "e01"))
    browser.find_element(By.ID, "b-approve").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "toast"), "decide the 2"))
    click(wait, lambda d: span(d, "cancer"))
    click(wait, lambda d: d.find_element(By.XPATH, "//button[@data-act='replace']"))
    wait.until(lambda d: "cancer" not in d.find_element(By.ID, "pseudo").text)
    click(wait, lambda d: span(d, "mamma"))
    key(browser, "a")
    wait.until(lambda d: "accepted" in span(d, "mamma").get_attribute("class"))
    browser.execute_script("document.getElementById('toast').hidden = true")
    browser.save_screenshot(str(out / "review-essay.png"))
    browser.find_element(By.ID, "b-approve").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "progress"), "2 / 3 approved"))
    wait.until(ec.text_to_be_present_in_element((By.ID, "e-title"), "e02"))

    # batch-wide search shows the name marked everywhere; e02 is approved from the list
    search = browser.find_element(By.ID, "search")
    search.send_keys(MISSED + "\n")
    wait.until(ec.text_to_be_present_in_element((By.ID, "search-results"), "0 not marked"))
    open_essay(browser, wait, "e02")
    key(browser, "?")
    wait.until(ec.visibility_of_element_located((By.ID, "help")))
    browser.save_screenshot(str(out / "review-help.png"))
    key(browser, "\ue00c")  # Escape
    browser.find_element(By.ID, "b-approve").click()
    wait.until(ec.text_to_be_present_in_element((By.ID, "progress"), "3 / 3 approved"))

    summary = rel.release(batch, tmp_path / "out", engine_snapshot, tmp_path / "keys2", **SAME,
                          review=ws_path, require_approved=True)
    texts = {p.stem: p.read_text() for p in (Path(summary["path"]) / "texts").glob("*.txt")}
    assert texts["e03"].startswith("Igår kom ") and MISSED not in texts["e03"]
    assert MISSED not in texts["e02"]
    assert "cancer" not in texts["e01"] and "mamma" in texts["e01"]
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_a_word_worth_a_look_is_underlined_and_added_by_a_click(
        tmp_path: Path, server: str, browser, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tiny test lexicon's model scores the missed name low: the threshold is lowered
    from pseudonymize import thresholds
    monkeypatch.setattr(thresholds, "REVIEW_DOUBT_NAMELIKE", -0.2)
    wait = WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,))
    browser.get(server)
    wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, "#list li")))
    browser.find_element(By.ID, "reviewer").send_keys("ada\t")
    open_essay(browser, wait, "e02")
    doubt = wait.until(ec.presence_of_element_located(
        (By.XPATH, f"//div[@id='orig']/span[@class='doubt' and text()='{MISSED}']")))
    assert "spelt like a name" in doubt.get_attribute("title")
    assert "dotted" in doubt.value_of_css_property("text-decoration")
    doubt.click()
    wait.until(ec.visibility_of_element_located((By.ID, "add-label")))
    browser.save_screenshot(str(shots(tmp_path) / "review-doubt.png"))
    Select(browser.find_element(By.ID, "add-label")).select_by_visible_text("firstname_female")
    browser.find_element(By.ID, "add-go").click()
    wait.until(lambda d: d.find_element(By.XPATH, f"//div[@id='orig']/mark[text()='{MISSED}']"))
    assert MISSED not in browser.find_element(By.ID, "pseudo").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#orig .doubt")
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []
