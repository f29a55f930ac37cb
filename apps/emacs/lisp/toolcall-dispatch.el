;;; toolcall-dispatch.el --- A transient menu of the toolcall commands  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; `toolcall-dispatch' shows the toolcall commands in a `transient'
;; menu, built into Emacs since 28.1, with the keys of
;; `toolcall-command-map'.  Where transient cannot be loaded, it lists
;; those keys in the echo area and reads the next key from the map.

;;; Code:

(require 'toolcall)

(eval-and-compile
  (defconst toolcall-dispatch--available (require 'transient nil t)
    "Non-nil when `transient' could be loaded."))

(declare-function toolcall-processes "toolcall-processes" ())

(if toolcall-dispatch--available
    (transient-define-prefix toolcall-dispatch ()
      "Run a toolcall command, chosen from a menu."
      [["Run"
        ("e" "Form before point" toolcall-eval-last-sexp)
        ("r" "Region" toolcall-eval-region)
        ("b" "Buffer" toolcall-run-buffer)
        ("x" "Expression…" toolcall-run-expression)
        ("t" "Tool…" toolcall-call-tool)]
       ["Watch"
        ("v" "Results view" toolcall-show)
        ("l" "Executions" toolcall-executions)
        ("p" "Processes" toolcall-processes)
        ("k" "Stop this buffer's scripts" toolcall-stop-script)]
       ["Bridge"
        ("R" "Restart" toolcall-restart)
        ("Q" "Stop" toolcall-stop)]])
  (defun toolcall-dispatch ()
    "Read a key of `toolcall-command-map' and run its command.
The keys are listed in the echo area first."
    (interactive)
    (let ((keys '()))
      (map-keymap (lambda (key command)
                    (when (and (symbolp command) (not (eq command 'toolcall-dispatch)))
                      (push (format "%s %s" (key-description (vector key))
                                    (string-remove-prefix "toolcall-" (symbol-name command)))
                            keys)))
                  toolcall-command-map)
      (message "toolcall: %s" (string-join (sort keys #'string<) ", "))
      (set-transient-map toolcall-command-map))))

(provide 'toolcall-dispatch)
;;; toolcall-dispatch.el ends here
