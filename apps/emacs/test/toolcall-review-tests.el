;;; toolcall-review-tests.el --- ERT tests of patch review  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; ApplyPatch reviewed in a diff-mode buffer against the real bridge, and
;; the buffers of patched files reverted.  Loaded after toolcall-tests.el,
;; whose helpers it uses.

;;; Code:

(require 'ert)
(require 'toolcall)
(require 'toolcall-review)

(unless (fboundp 'toolcall-test--wait-until)
  (load (expand-file-name "toolcall-tests.el" (file-name-directory load-file-name)) nil t))

(defconst toolcall-review-test--patch
  (mapconcat #'identity
             '("*** Begin Patch"
               "*** Update File: notes.txt"
               "@@" " line 2" "-line 3" "+line three" " line 4"
               "@@" " line 26" "-line 27" "+line twenty-seven" " line 28"
               "*** Update File: b.txt"
               "@@" " gamma" "-alphabet" "+alphabet soup"
               "*** End Patch")
             "\n")
  "A patch of two hunks in notes.txt and one in b.txt.")

(defun toolcall-review-test--notes (dir)
  "Write notes.txt, thirty numbered lines, in DIR; return its name."
  (let ((file (expand-file-name "notes.txt" dir)))
    (with-temp-file file
      (dotimes (index 30) (insert (format "line %d\n" (1+ index)))))
    file))

(defun toolcall-review-test--file-text (file)
  "Return FILE's text."
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(defun toolcall-review-test--review-buffer ()
  "Wait for a review buffer; return it."
  (let (found)
    (toolcall-test--wait-until
     (lambda ()
       (setq found (seq-find (lambda (buffer)
                               (eq (buffer-local-value 'major-mode buffer) 'toolcall-review-mode))
                             (buffer-list)))))
    found))

(defun toolcall-review-test--verdict-labels (buffer)
  "Return the verdict labels shown in BUFFER, in order."
  (with-current-buffer buffer
    (mapcar (lambda (overlay) (substring-no-properties (overlay-get overlay 'before-string)))
            (sort (seq-filter (lambda (overlay) (overlay-get overlay 'before-string))
                              (overlays-in (point-min) (point-max)))
                  (lambda (a b) (< (overlay-start a) (overlay-start b)))))))

(ert-deftest toolcall-review-test-per-hunk-and-revert ()
  "A patch is reviewed per hunk in diff-mode; only accepted hunks are written.
The unmodified buffer of a patched file is reverted; a modified one is
left alone with a message."
  (toolcall-test--with-bridge
    (let* ((notes (toolcall-review-test--notes dir))
           (notes-buffer (find-file-noselect notes))
           (b-buffer (find-file-noselect (expand-file-name "b.txt" dir)))
           (settled nil))
      (with-current-buffer b-buffer
        (goto-char (point-max))
        (insert "unsaved\n"))
      (toolcall-test--with-messages
        (toolcall-call-tool-async "ApplyPatch" (list :patch toolcall-review-test--patch)
                                  (lambda (result failure) (setq settled (or result failure))))
        (let ((review (toolcall-review-test--review-buffer)))
          (with-current-buffer review
            (should (derived-mode-p 'diff-mode))
            (should buffer-read-only)
            (should (string-match-p "^--- a/notes.txt\n\\+\\+\\+ b/notes.txt\n@@ -2,3 \\+2,3 @@"
                                    (buffer-string)))
            (should (equal (toolcall-review-test--verdict-labels review)
                           '("[accept] " "[accept] " "[accept] ")))
            ;; diff-mode's own keys still move between hunks.
            (should (eq (key-binding "n") 'diff-hunk-next))
            (should (eq (key-binding "r") 'toolcall-review-reject-hunk))
            (goto-char (point-min))
            (search-forward "line twenty-seven")
            (execute-kbd-macro "r")
            (should (equal (toolcall-review-test--verdict-labels review)
                           '("[accept] " "[reject] " "[accept] ")))
            ;; `r' moved on to b.txt's hunk: `a' keeps it, then C-c C-c answers.
            (should (string-match-p "alphabet soup"
                                    (buffer-substring (point) (line-end-position 4))))
            (execute-kbd-macro "a")
            (execute-kbd-macro (kbd "C-c C-c"))))
        (should-not (seq-find (lambda (buffer)
                                (eq (buffer-local-value 'major-mode buffer) 'toolcall-review-mode))
                              (buffer-list)))
        (toolcall-test--wait-until (lambda () settled))
        (should (equal (plist-get settled :status) "success"))
        (let ((text (toolcall-review-test--file-text notes)))
          (should (string-match-p "^line three$" text))
          (should (string-match-p "^line 27$" text)))
        (should (string-match-p "alphabet soup"
                                (toolcall-review-test--file-text (expand-file-name "b.txt" dir))))
        ;; The unmodified buffer shows the patched file; the modified one keeps its text.
        (toolcall-test--wait-until
         (lambda () (with-current-buffer notes-buffer
                      (string-match-p "^line three$" (buffer-string)))))
        (toolcall-test--wait-for-message "b.txt has unsaved changes")
        (with-current-buffer b-buffer
          (should (buffer-modified-p))
          (should (string-match-p "unsaved" (buffer-string)))
          (should-not (string-match-p "soup" (buffer-string)))))
      (kill-buffer notes-buffer)
      (with-current-buffer b-buffer (set-buffer-modified-p nil))
      (kill-buffer b-buffer))))

(ert-deftest toolcall-review-test-reject-writes-nothing ()
  "Rejecting the whole patch, or killing its review buffer, writes nothing."
  (toolcall-test--with-bridge
    (let ((notes (toolcall-review-test--notes dir)))
      (dolist (answer (list (lambda () (execute-kbd-macro (kbd "C-c C-k")))
                            (lambda () (kill-buffer (current-buffer)))))
        (let ((settled nil))
          (toolcall-call-tool-async "ApplyPatch" (list :patch toolcall-review-test--patch)
                                    (lambda (result failure) (setq settled (or result failure))))
          (with-current-buffer (toolcall-review-test--review-buffer)
            (funcall answer))
          (toolcall-test--wait-until (lambda () settled))
          (should (string-match-p "Rejected: notes.txt" (format "%s" (plist-get settled :result))))
          (should-not (string-match-p "three" (toolcall-review-test--file-text notes))))))))

(ert-deftest toolcall-review-test-stopped-call-closes-review ()
  "Stopping the call withdraws its review buffer."
  (toolcall-test--with-bridge
    (toolcall-review-test--notes dir)
    (let* ((settled nil)
           (job (toolcall-call-tool-async "ApplyPatch" (list :patch toolcall-review-test--patch)
                                          (lambda (result failure)
                                            (setq settled (or result failure)))))
           (review (toolcall-review-test--review-buffer)))
      (toolcall-cancel job)
      (toolcall-test--wait-until (lambda () (and settled (not (buffer-live-p review))))))))

(ert-deftest toolcall-review-test-whole-patch-question-when-off ()
  "With `toolcall-review-patches' nil a patch is one permission question."
  (let ((toolcall-review-patches nil))
    (toolcall-test--with-bridge
      (toolcall-review-test--notes dir)
      (let ((asked nil))
        (cl-letf (((symbol-function 'read-event)
                   (lambda (prompt &rest _) (setq asked prompt) ?y)))
          (should (equal (plist-get (toolcall-call-tool-sync
                                     "ApplyPatch" (list :patch toolcall-review-test--patch))
                                    :status)
                         "success")))
        (should (string-match-p "\\`Allow ApplyPatch " asked))))))

(provide 'toolcall-review-tests)
;;; toolcall-review-tests.el ends here
