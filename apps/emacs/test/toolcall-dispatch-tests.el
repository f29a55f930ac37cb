;;; toolcall-dispatch-tests.el --- ERT tests of the command menu  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; The transient menu offers every command of `toolcall-command-map'
;; under the same key.

;;; Code:

(require 'ert)
(require 'toolcall)
(require 'toolcall-dispatch)

(ert-deftest toolcall-dispatch-test-menu-matches-command-map ()
  "Each key of `toolcall-command-map' runs the same command in the menu."
  (should (eq (lookup-key toolcall-command-map "m") 'toolcall-dispatch))
  (should (commandp 'toolcall-dispatch))
  (skip-unless toolcall-dispatch--available)
  (should (get 'toolcall-dispatch 'transient--prefix))
  (let ((checked 0))
    (map-keymap
     (lambda (key command)
       (unless (eq command 'toolcall-dispatch)
         (let ((suffix (transient-get-suffix 'toolcall-dispatch (key-description (vector key)))))
           (should (eq (plist-get (nth 2 suffix) :command) command))
           (setq checked (1+ checked)))))
     toolcall-command-map)
    (should (= checked 11))))

(provide 'toolcall-dispatch-tests)
;;; toolcall-dispatch-tests.el ends here
