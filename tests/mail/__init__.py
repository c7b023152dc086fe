"""Tests of the mail pipeline's pure steps."""
