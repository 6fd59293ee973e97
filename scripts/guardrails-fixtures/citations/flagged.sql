-- Following the plan (issue 16): weigh-ins.
-- The product spec (§3, §4) kept every plan in the browser.
select 1;
